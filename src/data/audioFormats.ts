/**
 * Output audio containers. The values mirror `OutputFormat.container` of the speech spec and the
 * media types of its 200 response; a contract test checks that they agree. Sample rates, bit
 * rates and encodings are read from the spec itself (see `tests/contract`), not repeated here.
 */
export type Container = 'mp3' | 'wav' | 'pcm' | 'ogg_opus';

export interface AudioContainer {
  readonly container: Container;
  /** `Content-Type` of the HTTP response body. */
  readonly mediaType: string;
  /** File name extension of a saved response, as the code samples name it. */
  readonly extension: string;
  /** Whether the container has a header a player needs before it can start. */
  readonly hasHeader: boolean;
  /** Which of `bit_rate` / `encoding` apply to it. */
  readonly uses: 'bit_rate' | 'encoding';
  readonly bestFor: string;
}

export const audioContainers: readonly AudioContainer[] = [
  {
    container: 'mp3',
    extension: 'mp3',
    mediaType: 'audio/mpeg',
    hasHeader: false,
    uses: 'bit_rate',
    bestFor: '保存文件、浏览器和 App 直接播放；体积小，兼容性最好',
  },
  {
    container: 'wav',
    extension: 'wav',
    mediaType: 'audio/wav',
    hasHeader: true,
    uses: 'encoding',
    bestFor: '需要无损音频的后期处理；文件较大',
  },
  {
    container: 'pcm',
    extension: 'pcm',
    mediaType: 'audio/pcm',
    hasHeader: false,
    uses: 'encoding',
    bestFor: '实时播放和流式管线：没有文件头，收到即可写入声卡或混音器',
  },
  {
    container: 'ogg_opus',
    extension: 'ogg',
    mediaType: 'audio/ogg',
    hasHeader: true,
    uses: 'bit_rate',
    bestFor: '带宽受限的网络传输，如 WebRTC 和移动网络',
  },
];
