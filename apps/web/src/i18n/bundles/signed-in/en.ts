import type { Catalogue } from '../../catalogue';
import { common } from '../../en/signed-in/common';
import { deviceRegistry } from '../../en/signed-in/deviceRegistry';
import { form } from '../../en/signed-in/form';
import { idle } from '../../en/signed-in/idle';
import { map } from '../../en/signed-in/map';
import { nav } from '../../en/signed-in/nav';
import { page } from '../../en/signed-in/page';
import { shell } from '../../en/signed-in/shell';
import { table } from '../../en/signed-in/table';
import { tour } from '../../en/signed-in/tour';

/**
 * The texts of this language only signed-in screens show (docs/web-kits.md, "Texts"), loaded with the
 * shell. Each file of `../../en/signed-in/` is named here (the catalogue test finds one left out).
 */
export const catalogue: Catalogue = {
  ...common,
  ...deviceRegistry,
  ...form,
  ...idle,
  ...map,
  ...nav,
  ...page,
  ...shell,
  ...table,
  ...tour,
};
