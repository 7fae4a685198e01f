import { useStore } from '@nanostores/react';
import {
  $isOwner,
  api,
  serverTextUnless500,
  setAssets,
  TOAST_MS,
  useToast,
  type Asset,
  type PageProps,
  type Paged,
  useTexts,
} from '@parley/shared';
import { Col, Row, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ListPagination } from '../common/list-pagination';
import { ListState } from '../common/list-state';
import { usePaging } from '../common/use-paging';
import { reloadAnswers, useServerAnswer } from '../common/use-server-answer';
import { texts } from '../i18n';
import { AssetCard } from './asset-card';
import { EditAssetModal, type AssetChanges } from './edit-asset-modal';
import { UploadAssetsButton } from './upload-assets-button';

const ASSETS_URL = '/api/account/assets';
const assetUrl = (id: string) => `${ASSETS_URL}/${encodeURIComponent(id)}`;

export function AssetsPage(_props: PageProps) {
  const t = useTexts(texts);
  const isOwner = useStore($isOwner);
  const toast = useToast(TOAST_MS.screen);
  const paging = usePaging();
  const answer = useServerAnswer<Paged<Asset>>(`${ASSETS_URL}?limit=${paging.pageSize}&page=${paging.page}`);
  const { data } = answer;
  const [editing, setEditing] = useState<Asset | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  // The composer's asset picker reads the last page seen.
  useEffect(() => {
    if (data) setAssets(data.list);
  }, [data]);

  /** Runs one asset action; a failure shows the server's description (unless a 500) or the fallback text. */
  async function act(asset: Asset, failureText: string, call: () => Promise<unknown>): Promise<boolean> {
    setBusyId(asset.id);
    try {
      await call();
      reloadAnswers(ASSETS_URL);
      return true;
    } catch (failure) {
      toast.error(serverTextUnless500(failure, failureText, 'description'));
      return false;
    } finally {
      setBusyId(null);
    }
  }

  const remove = (asset: Asset) => void act(asset, t('assets.deleteFailed'), () => api.delete(assetUrl(asset.id)));
  const restore = (asset: Asset) => void act(asset, t('assets.restoreFailed'), () => api.post(assetUrl(asset.id)));
  async function save(asset: Asset, changes: AssetChanges) {
    const saved = await act(asset, t('assets.updateFailed'), () =>
      api.put(assetUrl(asset.id), { id: asset.id, ...changes }),
    );
    if (saved) setEditing(null);
    return saved;
  }

  return (
    <div>
      <Typography.Title level={2}>{t('assets.title')}</Typography.Title>
      {isOwner && (
        <UploadAssetsButton
          onUploaded={() => {
            // New assets come first: show page 1.
            paging.change(1, paging.pageSize);
            reloadAnswers(ASSETS_URL);
          }}
        />
      )}
      <ListState
        answer={answer}
        url={ASSETS_URL}
        loadFailed={t('assets.loadFailed')}
        waiting={<Spin />}
        empty={t('assets.none')}
        isEmpty={(page) => page.list.length === 0 && paging.page === 1}
      >
        {(page) => (
          <>
            <Row gutter={[16, 16]}>
              {page.list.map((asset) => (
                <Col key={asset.id} xs={24} sm={12} md={8} lg={6}>
                  <AssetCard
                    asset={asset}
                    canManage={isOwner}
                    busy={busyId === asset.id}
                    onEdit={setEditing}
                    onDelete={remove}
                    onRestore={restore}
                  />
                </Col>
              ))}
            </Row>
            <ListPagination paging={paging} lastPage={page.lastPage} />
          </>
        )}
      </ListState>
      {isOwner && <EditAssetModal asset={editing} onSave={save} onCancel={() => setEditing(null)} />}
    </div>
  );
}
