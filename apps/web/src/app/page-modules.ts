import type { PageName } from '@devplay/shared';

/**
 * Where each page's code lives: a module under ./routes (its own chunk, DESIGN §7) and the
 * component it exports. The router loads a page from here, and the build names each page's
 * chunks in a copy of index.html of its own (vite-plugins.ts), so they download beside the
 * libraries instead of after them.
 */
export const PAGE_MODULES: Record<PageName, { file: string; component: string }> = {
  welcome: { file: 'welcome-page', component: 'WelcomePage' },
  confirmEmail: { file: 'confirm-email-page', component: 'ConfirmEmailPage' },
  forgotPassword: { file: 'forgot-password-page', component: 'ForgotPasswordPage' },
  resetPassword: { file: 'reset-password-page', component: 'ResetPasswordPage' },
  terms: { file: 'terms-page', component: 'TermsPage' },
  privacy: { file: 'privacy-page', component: 'PrivacyPage' },
  contact: { file: 'contact-page', component: 'ContactPage' },
  home: { file: 'home-page', component: 'HomePage' },
  profile: { file: 'profile-page', component: 'ProfilePage' },
  myPosts: { file: 'my-posts-page', component: 'MyPostsPage' },
  followers: { file: 'follow-pages', component: 'FollowersPage' },
  following: { file: 'follow-pages', component: 'FollowingPage' },
  messages: { file: 'messages-page', component: 'MessagesPage' },
  notifications: { file: 'notifications-page', component: 'NotificationsPage' },
  settings: { file: 'settings-page', component: 'SettingsPage' },
  transactions: { file: 'transactions-page', component: 'TransactionsPage' },
  calendar: { file: 'calendar-page', component: 'CalendarPage' },
  tournament: { file: 'tournament-page', component: 'TournamentPage' },
  admin: { file: 'admin-page', component: 'AdminPage' },
  user: { file: 'user-page', component: 'UserPage' },
  chat: { file: 'chat-page', component: 'ChatPage' },
  post: { file: 'post-page', component: 'PostPage' },
  userFollowers: { file: 'follow-pages', component: 'UserFollowersPage' },
  userFollowing: { file: 'follow-pages', component: 'UserFollowingPage' },
};
