/** The warning before an idle session is signed out (IdleWarning.tsx). */
export const idle = {
  'idle.title': 'Still there?',
  'idle.body': 'You will be signed out in {seconds} seconds because nothing happened for a while.',
  'idle.stay': 'Stay signed in',
};
