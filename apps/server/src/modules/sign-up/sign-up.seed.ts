import { DEMO_PASSWORD, normaliseSignInName } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { demoDocumentPhoto, demoFacePhoto } from '../../db/demo-photo.js';
import { accountIdOfUsername, hashPassword } from '../account/index.js';
import { storeDemoImages } from '../file/index.js';
import { merchantApplications } from './sign-up.table.js';

const day = 24 * 3600_000;

/**
 * Demo merchant applications, once: three waiting for review, two rejected with their reason, and the
 * approved applications of the two demo merchants. The waiting and rejected applicants sign in with
 * the demo password and read where their application stands.
 */
export async function seedDemoMerchantApplications(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: merchantApplications.id }).from(merchantApplications).limit(1);
  if (any) return;
  const [front, back, face] = await storeDemoImages(db, null, [
    { name: 'id-card-front.png', data: demoDocumentPhoto([200, 40, 52]) },
    { name: 'id-card-back.png', data: demoDocumentPhoto([200, 40, 52], true) },
    { name: 'face.png', data: demoFacePhoto([222, 184, 150]) },
  ]);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const reviewer = await accountIdOfUsername(db, 'admin');
  const rows = [
    ['Borneo Ride', 'AGENT', 'Ayu Lestari', '+62 811 5550 101', 'Jl. Ahmad Yani 12, Balikpapan', 'borneo.admin', 'PENDING', '', null, 1],
    ['Chiang Mai EV', 'DIRECT', 'Somchai Kaew', '+66 81 555 0102', '88 Nimmanhaemin Rd, Chiang Mai', 'cmev.admin', 'PENDING', '', null, 2],
    ['Surabaya Swap', 'AGENT', 'Dewi Santoso', '+62 812 5550 103', 'Jl. Pemuda 7, Surabaya', 'surabaya.admin', 'PENDING', '', null, 4],
    [
      'Quick Volt',
      'AGENT',
      'Budi Hartono',
      '+62 813 5550 104',
      'Jl. Gatot Subroto 3, Medan',
      'quickvolt.admin',
      'REJECTED',
      'The ID card photo cannot be read; please apply again with a clear photo.',
      null,
      9,
    ],
    [
      'Phuket Moto',
      'DIRECT',
      'Niran Suk',
      '+66 82 555 0105',
      '5 Patong Beach Rd, Phuket',
      'phuketmoto.admin',
      'REJECTED',
      'A merchant already serves this area under another name.',
      null,
      12,
    ],
    ['Demo Agent', 'AGENT', 'Demo Person', '+62 21 5550 100', 'Jakarta', 'merchant', 'APPROVED', '', 'Demo Agent', 60],
    ['Siam Swap Direct', 'DIRECT', 'Siam Person', '+66 2 555 0100', 'Bangkok', 'siam.applicant', 'APPROVED', '', 'Siam Swap Direct', 55],
  ] as const;
  await db.insert(merchantApplications).values(
    rows.map(([name, type, personInCharge, contact, officeAddress, username, status, reason, merchant, daysAgo]) => ({
      name,
      type,
      personInCharge,
      contact,
      contactKey: normaliseSignInName(contact),
      // The demo mails go nowhere: example.com is kept for examples.
      email: `${username}@example.com`,
      language: contact.startsWith('+66') ? ('th' as const) : ('in' as const),
      officeAddress,
      idCardFrontFileId: front!,
      idCardBackFileId: back!,
      facePhotoFileId: face!,
      username,
      usernameKey: normaliseSignInName(username),
      passwordHash,
      status,
      reason,
      merchantId: merchant ? (demo.merchantIds[merchant] ?? null) : null,
      reviewedBy: status === 'PENDING' ? null : reviewer,
      reviewedAt: status === 'PENDING' ? null : new Date(Date.now() - (daysAgo - 1) * day),
      createdAt: new Date(Date.now() - daysAgo * day),
    })),
  );
}
