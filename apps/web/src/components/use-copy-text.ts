import { useToast } from './toast-context';

/**
 * Puts a text on the clipboard and says so in a toast; where the browser keeps the clipboard
 * closed (no permission, a page not on https), `blocked` tells how to copy it by hand.
 */
export function useCopyText() {
  const toast = useToast();
  return async (text: string, says: { copied: string; blocked: string }) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.show(says.copied);
    } catch {
      toast.show(says.blocked, 'info');
    }
  };
}
