import { useLocation, useParams } from 'react-router';
import { MESSAGE_MESSAGES } from '@devplay/shared';
import { ChatView } from '../../features/messages/components/chat-view';
import { peerFromLinkState } from '../../features/messages/chat-peer';
import { SafetyActionsProvider } from '../../features/safety/components/safety-menu';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError } from './page-state';

/** SPEC §2 /message/{userId}: the chat with one member. */
export function ChatPage() {
  const { userId = '' } = useParams();
  const location = useLocation();
  const peerId = /^\d+$/.test(userId) ? Number(userId) : 0;
  const peerHint = peerFromLinkState(location.state, peerId);

  return (
    <>
      <SafetyActionsProvider>
        <ThreeColumnLayout
          center={
            peerId > 0 ? (
              // A new chat starts from scratch: no scroll position or draft carries over.
              <ChatView key={peerId} peerId={peerId} peerHint={peerHint} />
            ) : (
              <>
                <title>Messages · DevPlay</title>
                <PageError text={MESSAGE_MESSAGES.userNotFound} />
              </>
            )
          }
        />
      </SafetyActionsProvider>
    </>
  );
}
