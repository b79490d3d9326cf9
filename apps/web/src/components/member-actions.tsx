import { useContext } from 'react';
import { MemberActionsContext, type MemberActionsTarget } from './member-actions-context';

/** The actions the page provides for this member, or nothing where it provides none. */
export function MemberActions(target: MemberActionsTarget) {
  const render = useContext(MemberActionsContext);
  return render ? render(target) : null;
}
