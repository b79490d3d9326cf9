import type { EventBus } from '../../plugins/events';

/**
 * Everyone watching the tournament sees a change at once: participants, matches, maps or match
 * maps changed, so every signed-in member's socket hears it and fetches again.
 */
export const tournamentChanged = (events: EventBus) =>
  events.publish({ all: true }, { type: 'tournament:changed', data: null });
