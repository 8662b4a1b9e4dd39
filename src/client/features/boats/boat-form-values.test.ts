import { describe, expect, it } from 'vitest';
import { boatFormSchema, type Boat } from '@common/boats';
import { maintenanceTaskFormSchema, type MaintenanceTask } from '@common/maintenance';
import { boatFormValues, taskFormValues } from './boat-form-values';

const boat: Boat = {
  id: '0b7c2f1e-8d3a-4c5b-9e6f-7a8b9c0d1e2f',
  name: 'Sea Breeze',
  boatType: 'fishing-boat',
  make: 'Grady-White',
  model: '209',
  year: 2012,
  lengthFeet: 20.5,
  hullType: 'monohull',
  propulsion: 'outboard',
  engines: [{ make: 'Yamaha', model: 'F150', year: 2012, hours: 420, fuel: 'gasoline' }],
  homeMarina: 'Harbor Marina',
  slip: null,
  homeZip: '02108',
  photoUrl: null,
  hoursRecordedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('boatFormValues', () => {
  it('fills the form with a boat, and saving it unchanged sends the same boat', () => {
    const values = boatFormValues(boat);
    expect(values).toMatchObject({ year: '2012', lengthFeet: '20.5', slip: '', engines: [{ year: '2012', hours: '420', model: 'F150' }] });
    const { id: _id, photoUrl: _photo, hoursRecordedAt: _recorded, createdAt: _created, updatedAt: _updated, ...details } = boat;
    expect(boatFormSchema.parse(values)).toEqual(details);
  });

  it('starts a new boat empty, which asks for the name and the choices', () => {
    const result = boatFormSchema.safeParse(boatFormValues());
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['boatType', 'hullType', 'name', 'propulsion']);
  });
});

describe('taskFormValues', () => {
  it('fills the form with a task, which parses back to the same schedule', () => {
    const task: MaintenanceTask = {
      id: '6d1f4a52-3c39-4f0e-9a57-1c2b3d4e5f60',
      boatId: boat.id,
      boatName: boat.name,
      boatZip: boat.homeZip,
      title: 'Replace the impeller',
      specialty: 'engines',
      templateKey: null,
      dueDate: '2027-04-01',
      dueHours: null,
      intervalMonths: 12,
      intervalHours: null,
      lastDoneOn: null,
      lastDoneHours: null,
      engineHours: null,
      state: 'scheduled',
      dueReason: null,
      booking: null,
    };
    expect(maintenanceTaskFormSchema.parse(taskFormValues(task))).toEqual({
      title: 'Replace the impeller',
      specialty: 'engines',
      dueDate: '2027-04-01',
      dueHours: null,
      intervalMonths: 12,
      intervalHours: null,
    });
  });
});
