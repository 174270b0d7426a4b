/**
 * Saves bytes the page holds (a fetched PDF, recovery codes) as a file of the person's, under
 * `fileName`: a link to a blob URL, clicked. The URL is revoked once the browser has started
 * saving it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
