// PostgreSQL's SQLSTATE for a unique constraint; Drizzle wraps the driver's error in `cause`.
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}
