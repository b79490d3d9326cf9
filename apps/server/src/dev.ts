// `npm run dev`: development unless NODE_ENV says otherwise (`npm start` runs production). Set
// here rather than in the npm script so it works in every shell, Windows' included.
process.env.NODE_ENV ??= 'development';
void import('./server');
