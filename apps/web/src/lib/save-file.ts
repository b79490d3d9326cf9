/**
 * Hands a file the page holds to the browser's downloads, under `fileName`: a link to it, made
 * and clicked, never shown.
 */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Safari starts the download after the click returns: the file must outlive this call.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
