import { formatEuro, actorNames, describeNotification } from '@devplay/shared';
import type { Notification } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import {
  alice,
  bob,
  carol,
  commentGroup,
  followGroup,
  likeGroup,
  makeMatch,
  mentionGroup,
  moderationGroup,
  reportGroup,
  tournamentGroup,
  transferGroup,
} from './notification-fixtures';

const ME = 1;
const sentence = (item: Notification) => {
  const { who, what } = describeNotification(item, ME);
  return `${who} ${what}`;
};

describe('who did it', () => {
  it('names up to three, then the first two and how many others', () => {
    expect(actorNames([alice], 1)).toBe('alice');
    expect(actorNames([alice, bob], 2)).toBe('alice and bob');
    expect(actorNames([alice, bob, carol], 3)).toBe('alice, bob and carol');
    expect(actorNames([alice, bob, carol], 4)).toBe('alice, bob and 2 others');
    expect(actorNames([alice, bob, carol], 40)).toBe('alice, bob and 38 others');
  });

  it('says full names, a username only for a member without one', () => {
    const ada = { ...alice, fullName: 'Ada Lovelace' };
    expect(actorNames([ada], 1)).toBe('Ada Lovelace');
    expect(actorNames([ada, bob], 2)).toBe('Ada Lovelace and bob');
  });

  it('counts a missing name among the others', () => {
    expect(actorNames([alice, bob], 3)).toBe('alice, bob and 1 other');
  });
});

describe('the sentence and the link of a group', () => {
  it('likes: the post by its title, linking to the post', () => {
    const item = likeGroup(1, { actors: [alice, bob, carol], actorsCount: 40 });
    expect(sentence(item)).toBe('alice, bob and 38 others liked “Clutch 1v4”');
    expect(describeNotification(item, ME).href).toBe('/post/10');
  });

  it('one subscriber links to their profile, several to the subscribers page', () => {
    expect(sentence(followGroup(1, [alice]))).toBe('alice subscribed to you');
    expect(describeNotification(followGroup(1, [alice]), ME).href).toBe('/user/alice');
    expect(describeNotification(followGroup(2, [alice, bob]), ME).href).toBe('/followers');
  });

  it('comments: the post and the comment', () => {
    const item = commentGroup(1, 'Nice shot');
    expect(sentence(item)).toBe('bob commented on “Title”: Nice shot');
    expect(describeNotification(item, ME).href).toBe('/post/11');
  });

  it('mentions: in the post or in a comment on it, by full name, linking to the post', () => {
    const inPost = mentionGroup(1);
    expect(sentence(inPost)).toBe('Ada Lovelace mentioned you in “Desk setup”');
    expect(describeNotification(inPost, ME).href).toBe('/post/12');
    const inComment = mentionGroup(2, { id: 9, text: '@you look' });
    expect(sentence(inComment)).toBe('Ada Lovelace mentioned you in a comment on “Desk setup”');
    expect(describeNotification(inComment, ME).href).toBe('/post/12');
  });

  it('transfers: the amount in euro (and the note), linking to the transactions', () => {
    expect(sentence(transferGroup(1, 12.34))).toBe(`alice sent you ${formatEuro(12.34)}`);
    expect(sentence(transferGroup(2, 5, 'Pizza'))).toBe(`alice sent you ${formatEuro(5)}: Pizza`);
    expect(describeNotification(transferGroup(1, 1), ME).href).toBe('/transactions');
  });

  it('tournament: which match and what it now holds, linking to the bracket', () => {
    expect(sentence(tournamentGroup(1, makeMatch()))).toBe(
      'An admin updated your match Round 1 · Match 2',
    );
    const decided = makeMatch({
      round: 'final',
      matchDate: '2026-06-05',
      matchTime: '18:30',
      score: '13:7',
      winnerId: ME,
    });
    expect(sentence(tournamentGroup(2, decided))).toBe(
      'An admin updated your match Final: scheduled for 05.06.2026 18:30, score 13:7, you won',
    );
    expect(sentence(tournamentGroup(3, makeMatch({ score: '7:13', winnerId: 2 })))).toBe(
      'An admin updated your match Round 1 · Match 2: score 7:13, you lost',
    );
    expect(describeNotification(tournamentGroup(1, makeMatch()), ME).href).toBe(
      '/tournament?tab=table',
    );
  });

  it('moderation: never names the admin, and links nowhere (what it reports is gone)', () => {
    const post = moderationGroup(1, { targetType: 'post', title: 'Title' });
    expect(sentence(post)).toBe('An admin removed your post “Title”');
    expect(describeNotification(post, ME).href).toBeNull();
    const comment = moderationGroup(2, { targetType: 'comment', title: 'Title', text: 'spam' });
    expect(sentence(comment)).toBe('An admin removed your comment on “Title”: spam');
  });

  it('moderation: a removed message, and warnings with their note', () => {
    expect(sentence(moderationGroup(1, { targetType: 'message', title: '', text: 'scam' }))).toBe(
      'An admin removed your message: scam',
    );
    const warned = moderationGroup(2, {
      targetType: 'post',
      title: 'Title',
      action: 'warn',
      note: 'Tone it down.',
    });
    expect(sentence(warned)).toBe('An admin warned you about your post “Title”: Tone it down.');
    expect(describeNotification(warned, ME).href).toBeNull();
    expect(
      sentence(
        moderationGroup(3, { targetType: 'comment', title: 'Title', text: 'rude', action: 'warn' }),
      ),
    ).toBe('An admin warned you about your comment on “Title”');
    expect(
      sentence(
        moderationGroup(4, { targetType: 'user', title: 'bob', action: 'warn', note: 'Be kind.' }),
      ),
    ).toBe('An admin warned you about your profile: Be kind.');
  });

  it('reports: how the reporter’s report ended, naming nobody, linking nowhere', () => {
    const outcomes = [
      [{ status: 'dismissed', action: null }, 'Your report was reviewed: no rule was broken.'],
      [
        { status: 'resolved', action: 'remove' },
        'Your report was reviewed: the content was removed.',
      ],
      [{ status: 'resolved', action: 'warn' }, 'Your report was reviewed: the author was warned.'],
      [
        { status: 'resolved', action: 'suspend' },
        'Your report was reviewed: the author was suspended.',
      ],
    ] as const;
    for (const [subject, text] of outcomes) {
      const item = reportGroup(1, subject);
      expect(sentence(item)).toBe(text);
      expect(describeNotification(item, ME).href).toBeNull();
    }
  });
});
