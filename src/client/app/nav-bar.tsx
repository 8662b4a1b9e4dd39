import { lazy, Suspense, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Button, buttonVariants } from '../components/ui/button';
import { cn } from '../lib/cn';
import { signInPath, useAuth } from '../lib/session';
import { BrandLogo } from './brand-logo';
import { navLinksFor } from './nav-links';

// The account menu (Radix dropdown, popper, focus trap) only for signed-in people: out of the main bundle.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));
const NotificationBell = lazy(() => import('../features/notifications').then((module) => ({ default: module.NotificationBell })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-navy-50 text-navy-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

export function NavBar() {
  const { user, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute('open');
  const links = navLinksFor(user?.role);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-lg" aria-label="K&B Marine home">
          <BrandLogo />
        </Link>
        <div className="ml-6 hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </div>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              <Suspense fallback={<span aria-hidden className="size-9" />}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<span aria-hidden className="size-9 rounded-full bg-navy-600" />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : null}
          {/* Kept in place, hidden, while the user loads: the menu button beside it does not move when it appears.
              A link, as the phone menu is a native disclosure: both work before the app has started on a
              page the server rendered (docs/PRODUCT.md#shell-and-navigation). */}
          {!user ? (
            <Button asChild size="sm" className={cn(isLoading && 'invisible')}>
              <a href={signInPath(pathname + search)}>Sign In</a>
            </Button>
          ) : null}
          <details ref={menu} className="group lg:hidden">
            <summary
              aria-label="Menu"
              aria-controls="mobile-menu"
              className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
            >
              <Menu aria-hidden className="group-open:hidden" />
              <X aria-hidden className="hidden group-open:block" />
            </summary>
            <div id="mobile-menu" className="absolute inset-x-0 top-full border-y border-slate-200 bg-white shadow-md">
              <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
                {links.map((link) => (
                  <NavLink key={link.to} to={link.to} className={linkClass} onClick={closeMenu}>
                    {link.label}
                  </NavLink>
                ))}
              </div>
            </div>
          </details>
        </div>
      </nav>
    </header>
  );
}
