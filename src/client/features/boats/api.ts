import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Boat, BoatFormInput, BoatNoteFormInput, HistoryPage, OwnerEngineHoursInput, ServiceHistoryEntry } from '@common/boats';
import type { CompleteTaskInput, MaintenanceTask, MaintenanceTaskFormInput, SnoozeTaskInput } from '@common/maintenance';
import { apiForm, apiJson } from '../../lib/api-request';

// No value from @common/boats or @common/maintenance here (types only): the booking forms and the
// dashboard take `boatsQuery` and the upcoming-maintenance card from the door and paint without zod.

const BOATS = '/api/boats';
const UPCOMING = '/api/maintenance/upcoming';

/**
 * The boats' query keys: each the request's path, which the default fetcher (lib/query-client.ts) reads.
 * Everything about one boat (the boat, its tasks, its history) is under `boat(id)`.
 */
export const boatKeys = {
  list: [BOATS] as const,
  boat: (id: string) => [BOATS, id] as const,
  tasks: (id: string) => [BOATS, id, 'tasks'] as const,
  history: (id: string) => [BOATS, id, 'history'] as const,
  upcoming: [UPCOMING] as const,
};

const boatPath = (id: string) => `${BOATS}/${encodeURIComponent(id)}`;
const taskPath = (boatId: string, taskId: string) => `${boatPath(boatId)}/tasks/${encodeURIComponent(taskId)}`;

// Reads

export function getBoats() {
  return apiJson<{ boats: Boat[] }>('GET', BOATS).then((answer) => answer.boats);
}
/** The caller's boats (My Boats, the booking forms' boat choice, the assistant's). */
export const boatsQuery = () => queryOptions({ queryKey: boatKeys.list, queryFn: getBoats });
export function useBoats(enabled = true) {
  return useQuery({ ...boatsQuery(), enabled });
}

export function getBoat(id: string) {
  return apiJson<{ boat: Boat }>('GET', boatPath(id)).then((answer) => answer.boat);
}
export const boatQuery = (id: string) => queryOptions({ queryKey: boatKeys.boat(id), queryFn: () => getBoat(id) });
/** One of the caller's boats; 404 for an unknown boat and another person's alike. */
export function useBoat(id: string) {
  return useQuery(boatQuery(id));
}

export function getBoatTasks(id: string) {
  return apiJson<{ tasks: MaintenanceTask[] }>('GET', `${boatPath(id)}/tasks`).then((answer) => answer.tasks);
}
/** The boat's schedule: open tasks by due, then the one-off tasks done. States move with the calendar: read afresh each visit. */
export const boatTasksQuery = (id: string) => queryOptions({ queryKey: boatKeys.tasks(id), queryFn: () => getBoatTasks(id), staleTime: 0 });
export function useBoatTasks(id: string) {
  return useQuery(boatTasksQuery(id));
}

export function getBoatHistoryPage(id: string, before: string | null) {
  return apiJson<HistoryPage>('GET', `${boatPath(id)}/history${before ? `?before=${encodeURIComponent(before)}` : ''}`);
}
/**
 * Newest first, a page at a time ('Show older' asks for the next); bookings and conversations join it
 * from elsewhere, so it is read afresh each visit.
 */
export const boatHistoryQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: boatKeys.history(id),
    queryFn: ({ pageParam }) => getBoatHistoryPage(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
export function useBoatHistory(id: string) {
  return useInfiniteQuery(boatHistoryQuery(id));
}

export function getUpcomingMaintenance() {
  return apiJson<{ tasks: MaintenanceTask[] }>('GET', UPCOMING).then((answer) => answer.tasks);
}
/** The caller's next due tasks across their boats (at most five). */
export const upcomingMaintenanceQuery = () => queryOptions({ queryKey: boatKeys.upcoming, queryFn: getUpcomingMaintenance, staleTime: 60_000 });
export function useUpcomingMaintenance(enabled = true) {
  return useQuery({ ...upcomingMaintenanceQuery(), enabled });
}

/** The boat's service record as a PDF: a plain download link. */
export function serviceRecordUrl(id: string): string {
  return `${boatPath(id)}/service-record.pdf`;
}

// Writes

/**
 * After a change to one boat: the list (its card), everything about the boat (its tasks' states follow
 * its engine hours and its name), and the upcoming tasks across boats.
 */
function useInvalidateBoat() {
  const queryClient = useQueryClient();
  return (id: string, boat?: Boat) => {
    if (boat) queryClient.setQueryData(boatKeys.boat(id), boat);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: boatKeys.list, exact: true }),
      queryClient.invalidateQueries({ queryKey: boatKeys.boat(id) }),
      queryClient.invalidateQueries({ queryKey: boatKeys.upcoming }),
    ]);
  };
}

/** A new boat. One idempotency key per submit, so the automatic retry of a lost answer adds no second boat. */
export function createBoat({ input, idempotencyKey }: { input: BoatFormInput; idempotencyKey: string }) {
  return apiJson<{ boat: Boat }>('POST', BOATS, input, { 'Idempotency-Key': idempotencyKey }).then((answer) => answer.boat);
}
export function useCreateBoat() {
  const invalidate = useInvalidateBoat();
  return useMutation({ mutationFn: createBoat, onSuccess: (boat) => invalidate(boat.id, boat) });
}

export function updateBoat({ id, input }: { id: string; input: BoatFormInput }) {
  return apiJson<{ boat: Boat }>('PUT', boatPath(id), input).then((answer) => answer.boat);
}
export function useUpdateBoat() {
  const invalidate = useInvalidateBoat();
  return useMutation({ mutationFn: updateBoat, onSuccess: (boat) => invalidate(boat.id, boat) });
}

export function deleteBoat(id: string) {
  return apiJson<null>('DELETE', boatPath(id));
}
/**
 * The boat leaves My Boats (its bookings keep their copy). What was read about it is marked stale without
 * being read again now (the page showing it is leaving): coming back asks, and hears 404.
 */
export function useDeleteBoat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBoat,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Boat[]>(boatKeys.list, (boats) => boats?.filter((boat) => boat.id !== id));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: boatKeys.boat(id), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: boatKeys.list, exact: true }),
        queryClient.invalidateQueries({ queryKey: boatKeys.upcoming }),
      ]);
    },
  });
}

export function uploadBoatPhoto({ id, photo }: { id: string; photo: File }) {
  const form = new FormData();
  form.append('photo', photo);
  return apiForm<{ boat: Boat }>(`${boatPath(id)}/photo`, form, 'PUT').then((answer) => answer.boat);
}
export function useUploadBoatPhoto() {
  const invalidate = useInvalidateBoat();
  return useMutation({ mutationFn: uploadBoatPhoto, onSuccess: (boat) => invalidate(boat.id, boat) });
}

export function removeBoatPhoto(id: string) {
  return apiJson<{ boat: Boat }>('DELETE', `${boatPath(id)}/photo`).then((answer) => answer.boat);
}
export function useRemoveBoatPhoto() {
  const invalidate = useInvalidateBoat();
  return useMutation({ mutationFn: removeBoatPhoto, onSuccess: (boat) => invalidate(boat.id, boat) });
}

export function recordEngineHours({ id, input }: { id: string; input: OwnerEngineHoursInput }) {
  return apiJson<{ boat: Boat }>('POST', `${boatPath(id)}/engine-hours`, input).then((answer) => answer.boat);
}
/** Tasks due by engine hours change state with them. */
export function useRecordEngineHours() {
  const invalidate = useInvalidateBoat();
  return useMutation({ mutationFn: recordEngineHours, onSuccess: (boat) => invalidate(boat.id, boat) });
}

export function addBoatNote({ boatId, input, idempotencyKey }: { boatId: string; input: BoatNoteFormInput; idempotencyKey: string }) {
  return apiJson<{ entry: ServiceHistoryEntry }>('POST', `${boatPath(boatId)}/notes`, input, { 'Idempotency-Key': idempotencyKey }).then((answer) => answer.entry);
}
export function deleteBoatNote({ boatId, noteId }: { boatId: string; noteId: string }) {
  return apiJson<null>('DELETE', `${boatPath(boatId)}/notes/${encodeURIComponent(noteId)}`);
}
/** Notes live in the history alone. */
function useInvalidateHistory() {
  const queryClient = useQueryClient();
  return (boatId: string) => queryClient.invalidateQueries({ queryKey: boatKeys.history(boatId) });
}
export function useAddBoatNote() {
  const invalidate = useInvalidateHistory();
  return useMutation({ mutationFn: addBoatNote, onSuccess: (_entry, { boatId }) => invalidate(boatId) });
}
export function useDeleteBoatNote() {
  const invalidate = useInvalidateHistory();
  return useMutation({ mutationFn: deleteBoatNote, onSettled: (_answer, _error, { boatId }) => invalidate(boatId) });
}

export function createTask({ boatId, input, idempotencyKey }: { boatId: string; input: MaintenanceTaskFormInput; idempotencyKey: string }) {
  return apiJson<{ task: MaintenanceTask }>('POST', `${boatPath(boatId)}/tasks`, input, { 'Idempotency-Key': idempotencyKey }).then((answer) => answer.task);
}
export function updateTask({ boatId, taskId, input }: { boatId: string; taskId: string; input: MaintenanceTaskFormInput }) {
  return apiJson<{ task: MaintenanceTask }>('PUT', taskPath(boatId, taskId), input).then((answer) => answer.task);
}
export function deleteTask({ boatId, taskId }: { boatId: string; taskId: string }) {
  return apiJson<null>('DELETE', taskPath(boatId, taskId));
}
export function completeTask({ boatId, taskId, input }: { boatId: string; taskId: string; input: CompleteTaskInput }) {
  return apiJson<{ task: MaintenanceTask }>('POST', `${taskPath(boatId, taskId)}/complete`, input).then((answer) => answer.task);
}
export function snoozeTask({ boatId, taskId, input }: { boatId: string; taskId: string; input: SnoozeTaskInput }) {
  return apiJson<{ task: MaintenanceTask }>('POST', `${taskPath(boatId, taskId)}/snooze`, input).then((answer) => answer.task);
}

/**
 * A change to a task: the boat's schedule, its history (a task done is written there; engine hours given
 * with it may move the boat's), the boat, and the upcoming tasks across boats are read again.
 */
function useTaskMutation<V extends { boatId: string }, R>(mutationFn: (variables: V) => Promise<R>) {
  const invalidate = useInvalidateBoat();
  return useMutation({ mutationFn, onSettled: (_answer, _error, { boatId }) => invalidate(boatId) });
}
export const useCreateTask = () => useTaskMutation(createTask);
export const useUpdateTask = () => useTaskMutation(updateTask);
export const useDeleteTask = () => useTaskMutation(deleteTask);
export const useCompleteTask = () => useTaskMutation(completeTask);
export const useSnoozeTask = () => useTaskMutation(snoozeTask);
