import { Copy, Download } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { downloadRecoveryCodes } from '../recovery-codes-file';
import { SECURITY_TEXTS } from '../security-texts';
import { useCopyText } from '../../../components/use-copy-text';
import { useFocusOnMount } from '../use-focus-on-mount';
import styles from './security.module.css';

interface RecoveryCodesPanelProps {
  codes: string[];
  onDone: () => void;
}

/** The recovery codes the server just made: shown this once, so they are easy to keep. */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const headingId = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const copyText = useCopyText();

  const copy = () =>
    void copyText(codes.join('\n'), {
      copied: SECURITY_TEXTS.codesCopied,
      blocked: SECURITY_TEXTS.copyBlocked,
    });

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        {SECURITY_TEXTS.codesTitle}
      </h3>
      <Alert tone="warning">{SECURITY_TEXTS.codesOnce}</Alert>
      <ol className={styles.codes} aria-labelledby={headingId}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={copy}>
          <Copy size={16} aria-hidden />
          {SECURITY_TEXTS.copy}
        </Button>
        <Button variant="secondary" onClick={() => downloadRecoveryCodes(codes)}>
          <Download size={16} aria-hidden />
          {SECURITY_TEXTS.download}
        </Button>
        <Button onClick={onDone}>{SECURITY_TEXTS.done}</Button>
      </div>
    </section>
  );
}
