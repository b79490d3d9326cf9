export const moneyKeys = {
  all: ['money'] as const,
  history: () => [...moneyKeys.all, 'history'] as const,
  recipients: (query: string) => [...moneyKeys.all, 'recipients', query.toLowerCase()] as const,
};
