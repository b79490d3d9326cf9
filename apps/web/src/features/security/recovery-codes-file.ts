import { saveFile } from '../../lib/save-file';
import { SECURITY_TEXTS } from './security-texts';

/** Saves the codes as a text file, to print or keep beside the password. */
export function downloadRecoveryCodes(codes: readonly string[]) {
  const text = ['DevPlay recovery codes. Each one signs you in once.', '', ...codes, ''].join('\n');
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), SECURITY_TEXTS.codesFile);
}
