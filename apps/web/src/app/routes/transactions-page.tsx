import { useLocation } from 'react-router';
import { BalanceCard } from '../../features/money/components/balance-card';
import { SendMoneyForm } from '../../features/money/components/send-money-form';
import { TransactionHistory } from '../../features/money/components/transaction-history';
import { searchUsers } from '../../features/users/api';
import { useDrawnAfterMount } from '../../lib/use-drawn-after-mount';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { recipientFromLinkState } from './pay-link';
import simple from './simple-page.module.css';
import styles from './transactions-page.module.css';

/** SPEC §2 /transactions: balance, send money, history. */
export function TransactionsPage() {
  // The balance (the page's largest text) first; the form and the history in a commit of their
  // own, below it on a phone, so nothing drawn first moves.
  const restDrawn = useDrawnAfterMount();
  const recipient = recipientFromLinkState(useLocation().state);
  return (
    <>
      <title>Transactions · DevPlay</title>
      <ThreeColumnLayout
        center={
          <>
            <h1 className={simple.title}>Transactions</h1>
            <div className={styles.layout}>
              <div className={styles.side}>
                <BalanceCard />
                {/* Member search belongs to the users feature; the form only receives it. */}
                {restDrawn && <SendMoneyForm search={searchUsers} recipient={recipient} />}
              </div>
              {restDrawn && <TransactionHistory />}
            </div>
          </>
        }
      />
    </>
  );
}
