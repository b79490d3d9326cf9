/** '1 like', '3 comments': a count and its noun, for audit summaries. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
