import { and, eq, lte } from 'drizzle-orm';
import { APPOINTMENT_DEFAULT_MINUTES, type AppointmentAdd, type AppointmentRecord, type MessageKey } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import type { DeviceHub } from '../../app/device-hub.js';
import { recordAudit } from '../audit-log/index.js';
import { swapBatteryById, type SwapBattery } from '../battery/index.js';
import { cabinetJoin, lockCompartment, visibleCabinetByNumber } from '../cabinet/index.js';
import { deviceScope } from '../device-registry/index.js';
import { customerIdByNumber } from '../customer/index.js';
import { appointments } from './swap.table.js';
import { appointmentDetail } from './appointment.query.js';

/** Why a battery in the compartment cannot be reserved: the same rules as a cabinet's hand-out. */
function unusable(battery: SwapBattery): MessageKey | null {
  if (battery.scrapStatus === 'SCRAPPED') return 'deviceScrapped';
  if (battery.returnStatus === 'RETURNING') return 'batteryReturning';
  if (battery.distributionStatus !== 'ASSIGNED') return 'batteryUnassigned';
  return null;
}

/**
 * Holds a compartment with a battery ready to swap for a customer. The cabinet is not told: the
 * server refuses another customer's hand-out from it, and the cabinet detail shows it reserved.
 */
export async function addAppointment(ctx: Ctx, hub: DeviceHub, body: AppointmentAdd): Promise<AppointmentRecord> {
  const minutes = body.minutes ?? APPOINTMENT_DEFAULT_MINUTES;
  let cabinetNumber = '';
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const cabinet = await visibleCabinetByNumber(tx, ctx, body.cabinetNumber);
      if (!cabinet) throw new AppError('cabinetMissing', undefined, { field: 'cabinetNumber' });
      if (cabinet.scrapStatus === 'SCRAPPED') throw new AppError('deviceScrapped', undefined, { field: 'cabinetNumber' });
      cabinetNumber = cabinet.number;
      const compartment = await lockCompartment(tx, cabinet.id, body.compartment);
      if (!compartment) throw new AppError('compartmentMissing', undefined, { field: 'compartment' });
      const ready = compartment.enabled && (compartment.state === 'SWAPPABLE' || compartment.state === 'FULL');
      const battery = ready && compartment.batteryId !== null ? await swapBatteryById(tx, compartment.batteryId) : undefined;
      if (!battery) throw new AppError('compartmentNotSwappable', undefined, { field: 'compartment' });
      const refused = unusable(battery);
      if (refused) throw new AppError(refused, undefined, { field: 'compartment' });
      const now = new Date();
      // A reservation past its time no longer holds the compartment, swept or not.
      await tx
        .update(appointments)
        .set({ status: 'EXPIRED', closedAt: now })
        .where(
          and(
            eq(appointments.cabinetId, cabinet.id),
            eq(appointments.compartment, body.compartment),
            eq(appointments.status, 'RESERVED'),
            lte(appointments.expiresAt, now),
          ),
        );
      const fields = {
        cabinetId: cabinet.id,
        compartment: body.compartment,
        batteryNumber: battery.number,
        batterySoc: battery.soc,
        customer: body.customer,
        createdAt: now,
        expiresAt: new Date(now.getTime() + minutes * 60_000),
        merchantId: cabinet.merchantId,
      };
      // The owner's customer of that number, when there is one (the number is kept as given).
      const customerId = cabinet.merchantId !== null ? customerIdByNumber(cabinet.merchantId, body.customer) : null;
      const [created] = await tx
        .insert(appointments)
        .values({ ...fields, customerId })
        .returning({ id: appointments.id, customerId: appointments.customerId });
      await recordAudit(tx, ctx, {
        action: 'appointment.add',
        objectType: 'appointment',
        objectId: created!.id,
        changes: { ...fields, customerId: created!.customerId, cabinetNumber: cabinet.number },
      });
      return created!.id;
    });
    hub.emitChange({ kind: 'cabinet', number: cabinetNumber, channel: 'appointment' });
    return await appointmentDetail(ctx, id);
  } catch (error) {
    // The partial unique index: another live reservation holds the compartment.
    if (isUniqueViolation(error)) throw new AppError('compartmentReserved', undefined, { field: 'compartment' });
    throw error;
  }
}

/** Releases a live reservation; a used, expired or cancelled one stays as it is. */
export async function cancelAppointment(ctx: Ctx, hub: DeviceHub, id: number): Promise<AppointmentRecord> {
  const cabinet = cabinetJoin(appointments.cabinetId);
  const cabinetNumber = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ appointment: appointments, cabinetNumber: cabinet.number })
      .from(appointments)
      .innerJoin(cabinet.join.table, cabinet.join.on)
      .where(and(eq(appointments.id, id), deviceScope(ctx, appointments.merchantId)))
      .for('update', { of: appointments });
    if (!row) throw new AppError('appointmentMissing');
    const now = new Date();
    if (row.appointment.status !== 'RESERVED' || row.appointment.expiresAt <= now) throw new AppError('appointmentNotActive');
    await tx.update(appointments).set({ status: 'CANCELLED', closedAt: now }).where(eq(appointments.id, id));
    await recordAudit(tx, ctx, { action: 'appointment.cancel', objectType: 'appointment', objectId: id });
    return row.cabinetNumber;
  });
  hub.emitChange({ kind: 'cabinet', number: cabinetNumber, channel: 'appointment' });
  return appointmentDetail(ctx, id);
}
