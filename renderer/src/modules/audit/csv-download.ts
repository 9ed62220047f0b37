// Saves text as a file through a Blob link: works in Electron and in the browser alike. The text
// may come in parts (an export's chunks): the Blob joins them without one huge string.
export function downloadText(fileName: string, parts: readonly string[], type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([...parts], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
