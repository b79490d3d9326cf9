import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Participant } from '@devplay/shared';
import { useParticipants } from './api';
import { createDrawMachine, type DrawMachine, type DrawState } from './draw-machine';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface DrawSession {
  machine: DrawMachine<Participant>;
  state: DrawState<Participant>;
  /** Until the participants arrive, an empty pool says nothing. */
  loading: boolean;
  error: unknown;
}

/**
 * The draw of this visit to /tournament. It lives as long as the page, not the tab, so looking
 * at the bracket between two draws keeps the pairs; it follows the participant list live.
 */
export function useDrawSession(): DrawSession {
  const query = useParticipants();
  const participants = query.data;
  const [machine] = useState(() =>
    createDrawMachine<Participant>([], { reducedMotion: prefersReducedMotion }),
  );
  useEffect(() => () => machine.dispose(), [machine]);
  useEffect(() => {
    if (participants) machine.setPlayers(participants);
  }, [participants, machine]);
  const state = useSyncExternalStore(machine.subscribe, machine.getState);
  return { machine, state, loading: query.isPending, error: query.error };
}
