export const PUSH_TEXTS = {
  title: 'Push notifications',
  lead: 'Notifications on this device even when DevPlay is closed.',
  switchLabel: 'Push notifications on this device',
  switchHint: 'Your browser asks for permission the first time',
  typesLegend: 'Push to this device for',
  unsupported:
    'This browser cannot receive push notifications. Install DevPlay or use a current Chrome, Edge, Firefox or Safari to get them.',
  denied:
    'Notifications are blocked for DevPlay in this browser. To allow them, open the site settings (the icon beside the address), set Notifications to Allow, then reload this page.',
  failed: 'Push notifications could not be changed. Please try again.',
  /** The one kind a device may choose that is not a notification's. */
  messages: 'Messages',
} as const;
