/**
 * A bench's new account: a sign-up, then a sign-in by password, since a sign-up opens no session until its
 * address is verified (docs/PRODUCT.md 'Accounts and sign-in') and a bench reads no mail. Returns the
 * session's cookie and the user's id.
 */
export async function signUpAndSignIn(
  baseUrl: string,
  { origin = baseUrl, address, email, password, firstName, lastName }: { origin?: string; address: string; email: string; password: string; firstName: string; lastName: string },
): Promise<{ cookie: string; id: string }> {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/auth/sign-up/email', { email, password, name: `${firstName} ${lastName}`, firstName, lastName });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const signIn = await post('/api/auth/sign-in/email', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id: ((await signIn.json()) as { user: { id: string } }).user.id };
}
