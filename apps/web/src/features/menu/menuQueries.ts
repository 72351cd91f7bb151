import { menuApi, resourceApi, type InputOf } from '@swap/contracts';
import { request, saveFile, useEndpointQuery } from '../../shared/api/endpoints';

/** The whole menu tree with every resource (GET /admin/menu/tree), for the editor. */
export function useMenuTree() {
  return useEndpointQuery(menuApi.tree, undefined);
}

/** Menu changes, the JSON export and the import through the declared endpoints; the screens refresh the tree. */
export const menuChanges = {
  add: (body: InputOf<typeof menuApi.add>) => request(menuApi.add, body),
  edit: (body: InputOf<typeof menuApi.edit>) => request(menuApi.edit, body),
  remove: (id: number) => request(menuApi.remove, { id }),
  import: (body: InputOf<typeof menuApi.import>) => request(menuApi.import, body),
  export: (filename: string) => saveFile(menuApi.export, undefined, filename),
};

/** Resource (button and API code) changes through the declared endpoints. */
export const resourceChanges = {
  add: (body: InputOf<typeof resourceApi.add>) => request(resourceApi.add, body),
  edit: (body: InputOf<typeof resourceApi.edit>) => request(resourceApi.edit, body),
  remove: (id: number) => request(resourceApi.remove, { id }),
};
