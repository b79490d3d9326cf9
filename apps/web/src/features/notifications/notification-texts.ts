/** The notifications screens' own words (SPEC has none for them). */
export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  empty: 'No notifications yet.',
  markAll: 'Mark all as read',
  markAllError: 'Error marking notifications as read',
  loadError: 'Error loading notifications',
  settingsTitle: 'Notifications',
  settingsLead: 'Choose what you hear about. While a switch is off, nothing of its kind is kept.',
  settingsLoadError: 'Error loading notification settings',
  settingsSaveError: 'Error saving notification settings',
} as const;
