/** Sign-in page and sign-in callback. */
export const session = {
  'session.title': 'Sign in',
  'session.subtitle': 'Battery-swap and electric-vehicle operations',
  'session.username': 'Username',
  'session.password': 'Password',
  'session.submit': 'Sign in',
  'session.forgotPassword': 'Forgot password?',
  'session.success': 'User Logged In Success!',
  'session.demoTitle': 'Demo accounts',
  'session.demoHint': 'Choose an account to fill in the form.',
  'session.demoUse': 'Use the {username} account',
  'session.version': 'Version {version}',
  'session.callback': 'Signing you in…',
};
