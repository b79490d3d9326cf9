import { useId } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { MemberCombobox } from '../../../components/member-combobox';
import { userKeys } from '../../../lib/user-keys';
import { searchUsers } from '../api';

interface UserSearchProps {
  /** `header`: results drop over the page; `inline`: they push the content down (mobile menu). */
  variant?: 'header' | 'inline';
  /** After a profile opens, e.g. to close the mobile menu. */
  onNavigate?: () => void;
}

/** SPEC §2/§5 the header's user search: choosing a result opens that profile. */
export function UserSearch({ variant = 'header', onNavigate }: UserSearchProps) {
  const navigate = useNavigate();
  const inputId = useId();

  return (
    <>
      <label htmlFor={inputId} className="visually-hidden">
        Search users
      </label>
      <MemberCombobox
        control={{ id: inputId }}
        search={searchUsers}
        queryKey={userKeys.search}
        onChoose={(user) => {
          void navigate(paths.user(user.username));
          onNavigate?.();
        }}
        placeholder="Search users"
        listLabel="Users"
        emptyText="No users found"
        variant={variant === 'header' ? 'pill' : 'inline'}
      />
    </>
  );
}
