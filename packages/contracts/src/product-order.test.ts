import { describe, expect, it } from 'vitest';
import { productOrderAmountDue } from './domains/product-order.js';

describe('what a product order owes now', () => {
  const running = {
    status: 'ENROLLED',
    customerStatus: 'REGISTERED',
    outstandingBalance: '0.00',
    renewalPrice: '280000.00',
    currentCycle: 1,
    totalCycles: 3,
  } as const;

  it('owes its outstanding balance first, else the renewal of its next cycle while cycles are left', () => {
    expect(productOrderAmountDue({ ...running, customerStatus: 'NEW', currentCycle: 0, outstandingBalance: '825000' })).toBe('825000.00');
    expect(productOrderAmountDue({ ...running, outstandingBalance: '300000.00' })).toBe('300000.00');
    expect(productOrderAmountDue(running)).toBe('280000.00');
  });

  it('owes nothing once every cycle is paid, with a free renewal, or when the order has ended', () => {
    expect(productOrderAmountDue({ ...running, currentCycle: 3 })).toBeNull();
    expect(productOrderAmountDue({ ...running, renewalPrice: '0.00' })).toBeNull();
    expect(productOrderAmountDue({ ...running, status: 'TERMINATED', outstandingBalance: '300000.00' })).toBeNull();
    expect(productOrderAmountDue({ ...running, status: 'COMPLETED' })).toBeNull();
  });
});
