// Whether PostgreSQL answered with this SQLSTATE; Drizzle wraps the driver's error in `cause`.
function hasSqlState(error: unknown, state: string): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === state || cause?.code === state;
}

// A unique constraint.
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

// A statement cancelled: by the pool's statement timeout (platform/database.ts), or an operator.
export function isQueryCanceled(error: unknown): boolean {
  return hasSqlState(error, '57014');
}
