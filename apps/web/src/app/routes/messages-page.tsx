import { ConversationList } from '../../features/messages/components/conversation-list';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { Suggestions } from './suggestions';

/** SPEC §2 /message: 'Your messages', one row per conversation. */
export function MessagesPage() {
  return (
    <>
      <title>Messages · DevPlay</title>
      <ThreeColumnLayout center={<ConversationList />} right={<Suggestions placement="aside" />} />
    </>
  );
}
