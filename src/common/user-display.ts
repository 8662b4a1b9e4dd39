/** Display rules for a user's name and avatar letter (docs/PRODUCT.md#shell-and-navigation); free of zod for the first page load. */
interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export function displayName(user: NamedUser | null | undefined): string {
  if (!user?.firstName) return 'User';
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function avatarInitial(user: NamedUser | null | undefined): string {
  const source = user?.firstName || user?.email || 'U';
  return source.charAt(0).toUpperCase();
}
