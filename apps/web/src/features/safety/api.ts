import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Page, Privacy, Profile, ReportInput, UserSummary } from '@devplay/shared';
import { useToast, type ToastApi } from '../../components/toast-context';
import { api } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/error-message';
import { dropAuthoredBy, readRelationsAgain } from '../../lib/member-caches';
import { updateMe } from '../../lib/session';
import { userKeys } from '../../lib/user-keys';
import { SAFETY_TEXTS } from './safety-texts';

export type SafetyList = 'blocks' | 'mutes';

const LISTS = { blocks: 'listBlocks', mutes: 'listMutes' } as const;
const PAGE_SIZE = 20;

const safetyKeys = {
  all: ['safety'] as const,
  list: (kind: SafetyList) => [...safetyKeys.all, kind] as const,
};

/** The members one blocks or mutes, a page at a time (Settings). */
export function useSafetyList(kind: SafetyList) {
  return useInfiniteQuery({
    queryKey: safetyKeys.list(kind),
    queryFn: ({ pageParam }) =>
      api.call(LISTS[kind], { query: { cursor: pageParam ?? undefined, limit: PAGE_SIZE } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

type PeopleData = InfiniteData<Page<UserSummary>, string | null>;

interface Change {
  /** What the member's cached profile says from now on. */
  state: Partial<Profile>;
  /** Their posts and comments leave the viewer's screens. */
  hides: boolean;
  /** The Settings list their row leaves. */
  leaves?: SafetyList;
  /** Said once it is done: the dialog that asked may be gone with the post it sat on. */
  done: string;
}

/**
 * What a block, a mute or their undoing changes on screen at once; everything that depends on it
 * is then read again, without holding up the answer.
 */
function afterChange(
  queryClient: QueryClient,
  toast: ToastApi,
  member: UserSummary,
  change: Change,
) {
  queryClient.setQueryData<Profile>(
    userKeys.profile(member.username),
    (profile) => profile && { ...profile, ...change.state },
  );
  if (change.hides) dropAuthoredBy(queryClient, member.id);
  if (change.leaves) {
    queryClient.setQueryData<PeopleData>(safetyKeys.list(change.leaves), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item.id !== member.id),
            })),
          }
        : data,
    );
  }
  toast.show(change.done, 'success');
  void queryClient.invalidateQueries({ queryKey: safetyKeys.all });
  void readRelationsAgain(queryClient);
}

export function useBlock() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (member: UserSummary) =>
      api.call('blockMember', { body: { username: member.username } }),
    // A block ends the follows both ways (API.md Safety).
    onSuccess: ({ blocked }, member) =>
      afterChange(queryClient, toast, member, {
        state: { blocked, isFollowing: false },
        hides: true,
        done: SAFETY_TEXTS.blocked(member.username),
      }),
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (member: UserSummary) =>
      api.call('unblockMember', { body: { username: member.username } }),
    // Asked from a button or a menu with no room for a message: the failure is a toast.
    onError: (error) => toast.show(getErrorMessage(error), 'error'),
    onSuccess: ({ blocked }, member) =>
      afterChange(queryClient, toast, member, {
        state: { blocked },
        hides: false,
        leaves: 'blocks',
        done: SAFETY_TEXTS.unblocked(member.username),
      }),
  });
}

export function useMute() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ member, notifications }: { member: UserSummary; notifications: boolean }) =>
      api.call('muteMember', { body: { username: member.username, notifications } }),
    onSuccess: ({ muted }, { member }) =>
      afterChange(queryClient, toast, member, {
        state: { muted },
        hides: true,
        done: SAFETY_TEXTS.muted(member.username),
      }),
  });
}

export function useUnmute() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (member: UserSummary) =>
      api.call('unmuteMember', { body: { username: member.username } }),
    // Asked from a button or a menu with no room for a message: the failure is a toast.
    onError: (error) => toast.show(getErrorMessage(error), 'error'),
    onSuccess: ({ muted }, member) =>
      afterChange(queryClient, toast, member, {
        state: { muted },
        hides: false,
        leaves: 'mutes',
        done: SAFETY_TEXTS.unmuted(member.username),
      }),
  });
}

/** PUT /me/privacy with the one choice that moved; the member's cached privacy follows. */
export function useUpdatePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<Privacy>) => api.call('updatePrivacy', { body: change }),
    onSuccess: (privacy) => updateMe(queryClient, (me) => ({ ...me, privacy })),
  });
}

/** POST /report; a second report of the same target answers the open one, said the same way. */
export function useReport() {
  return useMutation({
    mutationFn: (report: ReportInput) => api.call('reportContent', { body: report }),
  });
}
