import { BalanceCard } from '../../features/money/components/balance-card';
import { SendMoneyForm } from '../../features/money/components/send-money-form';
import { TransactionHistory } from '../../features/money/components/transaction-history';
import { searchUsers } from '../../features/users/api';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import simple from './simple-page.module.css';
import styles from './transactions-page.module.css';

/** SPEC §2 /transactions: balance, send money, history. */
export function TransactionsPage() {
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
                <SendMoneyForm search={searchUsers} />
              </div>
              <TransactionHistory />
            </div>
          </>
        }
      />
    </>
  );
}
