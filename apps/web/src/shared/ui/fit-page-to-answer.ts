// A page past the end of a paged answer (its last rows deleted or removed meanwhile) gives way
// to the last page that still has rows, rather than an empty table reading 'Showing 11-10'.
// Only the answer for the page asked counts, not the previous page's answer kept on screen. A
// page kept in the address is replaced, so Back does not return to the empty page.
export function fitPageToAnswer(
  page: number,
  setPage: (page: number, options: { replace: true }) => void,
  answer: { data?: { pages: number }; isPlaceholderData: boolean },
): void {
  if (answer.data === undefined || answer.isPlaceholderData) return;
  const last = Math.max(answer.data.pages, 1);
  if (page > last) setPage(last, { replace: true });
}
