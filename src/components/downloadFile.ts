// Saves text the page made as a file, without a round trip to the server.

/** The byte order mark lets spreadsheet programs read the file as UTF-8 (names with accents). */
const UTF8_BOM = '\uFEFF';

export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([UTF8_BOM, text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
