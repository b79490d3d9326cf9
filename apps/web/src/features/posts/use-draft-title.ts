import { useLayoutEffect, type RefObject } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import type { CreatePostInput } from '@devplay/shared';

/**
 * Takes over the title the member began in home's one-line stand-in (post-composer.tsx) while
 * the form's code loaded: before the form's first paint, with what was typed while it rendered,
 * the caret after it. Focusing the title opens the form, as the member's own focus would.
 */
export function useDraftTitle(
  draft: RefObject<string> | undefined,
  setValue: UseFormSetValue<CreatePostInput>,
  titleRef: RefObject<HTMLInputElement | null>,
) {
  useLayoutEffect(() => {
    const title = draft?.current;
    const input = titleRef.current;
    if (title === undefined || !input) return;
    setValue('title', title);
    input.focus();
    input.setSelectionRange(title.length, title.length);
  }, [draft, setValue, titleRef]);
}
