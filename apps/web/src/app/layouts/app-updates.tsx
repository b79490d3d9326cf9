import { useEffect, useState } from 'react';
import { Button } from '../../components/button';
import { applyWaitingWorker, registerAppWorker } from '../../lib/app-worker';
import styles from './app-updates.module.css';

const UPDATE_TEXTS = {
  available: 'A new version is available',
  reload: 'Reload',
} as const;

/**
 * The service worker, registered after the first idle moment (its installing downloads the build's
 * files), and the news of a newer build: a new worker waits until the member reloads, so no tab
 * mixes two builds, and none stays on an old one without being told.
 */
export function AppUpdates() {
  const [waiting, setWaiting] = useState<ServiceWorkerRegistration | null>(null);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    // A development server has no built worker.
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    registerAppWorker(setWaiting).catch(() => undefined);
  }, []);

  if (!waiting) return null;
  return (
    <div className={styles.banner} role="status">
      <span>{UPDATE_TEXTS.available}</span>
      <Button
        size="sm"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          applyWaitingWorker(waiting);
        }}
      >
        {UPDATE_TEXTS.reload}
      </Button>
    </div>
  );
}
