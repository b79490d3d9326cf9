import type { Match } from '@devplay/shared';
import { formatMatchDate } from '../bracket-model';

/** When a match is played, as every date on the site reads (dd.mm.yyyy hh:mm), or what is missing. */
export function MatchWhen({ match }: { match: Pick<Match, 'matchDate' | 'matchTime'> }) {
  const { matchDate, matchTime } = match;
  if (!matchDate)
    return <span>{matchTime ? `Time ${matchTime}, date to be set` : 'Date to be set'}</span>;
  return (
    <time dateTime={matchTime ? `${matchDate}T${matchTime}` : matchDate}>
      {formatMatchDate(matchDate)}
      {matchTime && ` ${matchTime}`}
    </time>
  );
}
