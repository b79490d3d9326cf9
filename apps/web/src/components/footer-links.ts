import { paths } from '../lib/paths';
export const FOOTER_LINKS = [
  { to: paths.terms, label: 'Terms' },
  { to: paths.privacy, label: 'Privacy' },
  { to: paths.contact, label: 'Contact' },
] as const;
