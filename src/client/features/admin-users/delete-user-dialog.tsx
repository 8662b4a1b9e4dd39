import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { AdminUser } from '@common/admin-users';
import { displayName } from '@common/user-display';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { useDeleteAdminUser } from './api';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { handleUnauthorized } from '../../lib/unauthorized';
import { LOGGED_OUT_TOAST } from './logged-out-toast';

/** Delete, after the confirmation question; what stays and what goes is said first. */
export function DeleteUserDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAdminUser();
  const name = displayName(user);

  const onOpenChange = (next: boolean) => {
    if (!remove.isPending) setOpen(next);
  };

  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        showToast({ title: 'Success', description: 'User deleted successfully' });
        setOpen(false);
      },
      onError: (error) => {
        setOpen(false);
        if (handleUnauthorized(error, LOGGED_OUT_TOAST)) return;
        showToast({ title: 'Error', description: errorText(error, 'Failed to delete user'), variant: 'destructive' });
      },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="border-red-300 text-red-700 hover:bg-red-50" aria-label={`Delete ${name}`}>
          <Trash2 aria-hidden /> Delete
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete {name}?</DialogTitle>
          <DialogDescription>Are you sure you want to delete this user?</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-600">
          Their name and contact details are removed and they are signed out everywhere. Bookings they took part in
          stay, so the other side keeps its history. This cannot be undone.
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete user'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
