import type { RulesText } from './rules-text';

export const rules: RulesText = {
  title: 'Rules of the 1v1 CS tournament',
  intro:
    'One against one in Counter-Strike 2, for eight members of the community. Read these rules before your first match: by taking part you accept them. If a translation differs from the English text, the English text applies.',
  mapPool: 'Map pool',
  sections: [
    {
      heading: 'Format',
      points: [
        'Eight players, single elimination: Round 1 (four matches), Round 2 (two matches) and the Final. A lost match ends the tournament for that player.',
        'The pairs of Round 1 are drawn at random in the Rondom tab. Winners move on to the next round in the Tournament Table.',
        'Every match is played as best of three maps: the first player to win two maps wins the match. The score in the Tournament Table counts maps won, for example 2:1.',
        'A map is played to 9 won rounds (at most 16 rounds, sides swap after 8). At 8:8 an overtime of 6 rounds follows, 3 on each side; the first to win 4 of them takes the map, and overtime repeats until one player does.',
        'The admins set the date and time of every match in the Tournament Table. Players who cannot make it ask an admin for a new time at least 24 hours in advance.',
      ],
    },
    {
      heading: 'Match flow',
      points: [
        'Join the server at least 10 minutes before the start, with your site username as your in-game name.',
        'Up to 5 minutes of warm-up; the match starts when both players are ready or when the admin starts it.',
        'A player who is not on the server 15 minutes after the set time loses the match by forfeit, recorded as 2:0 for the opponent, unless an admin has moved it.',
        'Each player may call one technical pause of up to 5 minutes per map, and one tactical timeout of 30 seconds per map, both only during freeze time.',
        'If a player disconnects, the round is played out and the game continues from the next round once they are back. A player who has not returned after 10 minutes loses that map.',
        'After the match both players send the admin a screenshot of the final scoreboard of each map. The admin enters the score and the winner in the Tournament Table.',
      ],
    },
    {
      heading: 'Map choice',
      points: [
        'All maps are chosen from the map pool above.',
        'The veto is run before the match; the player in the upper slot of the bracket begins. Upper player bans, lower player bans, upper player picks map 1, lower player picks map 2, upper player bans; the map left over is map 3, the decider.',
        'On a picked map the opponent chooses the starting side. On the decider a knife round decides, and its winner chooses the side.',
        'The admin records the three maps in playing order under Match Details before the match starts. What Match Details shows is binding.',
        'A map is played at most once per match.',
      ],
    },
    {
      heading: 'Conduct',
      points: [
        'Respect your opponent, the admins and the spectators: no insults, harassment or discrimination, in text chat or voice.',
        'Cheats, scripts, macros and the use of map or game bugs are forbidden, and so is ghosting: following the match on a stream or on the opponent’s screen. A proven breach means disqualification.',
        'Only the two players and the admins are on the server. Spectators need the consent of both players, and a broadcast needs a delay of at least 90 seconds.',
        'Every match is played to win. Arranged results and deliberately lost rounds or maps lead to the disqualification of both players involved.',
        'Settings that the game itself allows are fine; third-party tools that change the game, and binds that do more than one action per key press, are not.',
      ],
    },
    {
      heading: 'Disputes',
      points: [
        'Report a problem at once: during the match by pausing it, or at the latest 15 minutes after it ends, by message to an admin, with evidence (screenshot, demo or clip).',
        'Keep the demo of each of your matches until the tournament is over; an admin may ask for it.',
        'The admins decide. They may have a round or a map replayed, award a forfeit or disqualify a player; their decision is final for this tournament.',
        'An admin who plays in the disputed match takes no part in deciding it.',
        'Where these rules are silent, the admins decide in the spirit of fair play.',
      ],
    },
  ],
};
