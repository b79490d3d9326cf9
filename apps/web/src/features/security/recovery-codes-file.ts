import { SECURITY_TEXTS } from './security-texts';

/** Saves the codes as a text file, to print or keep beside the password. */
export function downloadRecoveryCodes(codes: readonly string[]) {
  const text = ['DevPlay recovery codes. Each one signs you in once.', '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = SECURITY_TEXTS.codesFile;
  link.click();
  // Safari starts the download after the click returns: the file must outlive this call.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
