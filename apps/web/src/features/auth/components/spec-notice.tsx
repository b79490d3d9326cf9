import { Alert } from '../../../components/alert';

// SPEC §8 gives the verify texts with their own ✅ / ❌.
const LEADING_EMOJI = /^\p{Extended_Pictographic}\uFE0F?\s*/u;

interface SpecNoticeProps {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/**
 * A form's notice. A text that starts with an emoji (SPEC's '✅ Email verified!') is drawn with
 * the alert's own SVG mark instead, since a device without an emoji font shows a box; screen
 * readers and text searches still get the spec's words, emoji included.
 */
export function SpecNotice({ tone, text }: SpecNoticeProps) {
  const plain = text.replace(LEADING_EMOJI, '');
  if (plain === text) return <Alert tone={tone}>{text}</Alert>;
  return (
    <Alert tone={tone}>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true">{plain}</span>
    </Alert>
  );
}
