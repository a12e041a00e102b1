// How a phone encrypts a collection response: the browser's own crypto module does both directions
// (web/src/crypto/collection-response.ts), so the simulator and the requester's browser cannot drift apart.
export {
  openCollectionResponse as decryptCollectionResponse,
  sealCollectionResponse as encryptCollectionResponse,
  type CollectionData,
} from '../../web/src/crypto/collection-response';
