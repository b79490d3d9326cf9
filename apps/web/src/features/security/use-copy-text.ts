import { useToast } from '../../components/toast-context';
import { SECURITY_TEXTS } from './security-texts';

/**
 * Puts a text on the clipboard and says whether it got there; where the browser keeps the
 * clipboard closed (no permission, a page not on https) it says how to copy by hand. Kept in this
 * feature: a module two pages share joins the chunk the welcome page loads first.
 */
export function useCopyText() {
  const toast = useToast();
  return async (text: string, copied: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.show(copied);
    } catch {
      toast.show(SECURITY_TEXTS.copyBlocked, 'info');
    }
  };
}
