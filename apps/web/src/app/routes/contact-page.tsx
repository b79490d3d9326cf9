import { AtSign, BriefcaseBusiness, CodeXml, MapPin, Phone, Send, Users } from 'lucide-react';
import { StaticPage } from '../layouts/static-page';
import styles from './contact-page.module.css';

const CONTACT = [
  { icon: Users, label: 'Name', value: 'DevPlay Team' },
  {
    icon: AtSign,
    label: 'Email',
    value: 'hello@devplay.example',
    href: 'mailto:hello@devplay.example',
  },
  { icon: Phone, label: 'Phone', value: '+49 30 1234 5678', href: 'tel:+493012345678' },
  { icon: Send, label: 'Telegram', value: '@devplay_team', href: 'https://t.me/devplay_team' },
  {
    icon: CodeXml,
    label: 'GitHub',
    value: 'devplay-community',
    href: 'https://github.com/devplay-community',
  },
  {
    icon: BriefcaseBusiness,
    label: 'LinkedIn',
    value: 'DevPlay',
    href: 'https://www.linkedin.com/company/devplay',
  },
  { icon: MapPin, label: 'Location', value: 'Berlin, Germany' },
] as const;

export function ContactPage() {
  return (
    <StaticPage
      eyebrow="Contact"
      title="Get in touch"
      intro="Found a bug, want to host a tournament or have a question about your account? We usually answer within two working days."
    >
      <dl className={styles.list}>
        {CONTACT.map((item) => {
          const Icon = item.icon;
          const external = 'href' in item && item.href.startsWith('https:');
          return (
            <div key={item.label} className={styles.item}>
              <span className={styles.icon} aria-hidden="true">
                <Icon size={20} />
              </span>
              <div className={styles.text}>
                <dt className={styles.label}>{item.label}</dt>
                <dd className={styles.value}>
                  {'href' in item ? (
                    <a
                      href={item.href}
                      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      {item.value}
                    </a>
                  ) : (
                    item.value
                  )}
                </dd>
              </div>
            </div>
          );
        })}
      </dl>
    </StaticPage>
  );
}
