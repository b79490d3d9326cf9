import { SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX, MESSAGE_MESSAGES } from '@devplay/shared';
import { Button } from '../../../components/button';
import styles from './chat.module.css';

/** The counter shows once a message gets this close to the limit. */
const COUNTER_FROM = MESSAGE_MAX - 200;

/** SPEC §2/§5: 'Enter message...' and Send; blank is not sent; Enter sends, Shift+Enter breaks the line. */
export function MessageComposer({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const counterId = `${inputId}-counter`;
  const showCounter = text.length >= COUNTER_FROM;

  const send = () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    onSend(trimmed);
    setText('');
    inputRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Message
      </label>
      <div className={styles.inputWrap}>
        <textarea
          ref={inputRef}
          id={inputId}
          className={styles.input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={MESSAGE_MESSAGES.placeholder}
          maxLength={MESSAGE_MAX}
          rows={1}
          enterKeyHint="send"
          aria-describedby={showCounter ? counterId : undefined}
        />
        {showCounter && (
          <span
            id={counterId}
            className={[styles.counter, text.length >= MESSAGE_MAX && styles.counterFull]
              .filter(Boolean)
              .join(' ')}
          >
            {text.length}/{MESSAGE_MAX}
          </span>
        )}
      </div>
      <Button type="submit" className={styles.send}>
        <SendHorizontal size={18} aria-hidden />
        {MESSAGE_MESSAGES.send}
      </Button>
    </form>
  );
}
