// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IEscrowFactory} from "./interfaces/IEscrowFactory.sol";
import {RequestEscrow} from "./RequestEscrow.sol";

/// @title EscrowFactory
/// @notice Creates one RequestEscrow per request id as a minimal-proxy clone at a predictable address
/// (CREATE2, salt = request id) and funds it from the requester in the same transaction. The owner
/// names the operators (Parley's server keys) that may pay participants and close escrows.
contract EscrowFactory is IEscrowFactory, Ownable {
    using SafeERC20 for IERC20;

    error EscrowFactory__InvalidToken();
    error EscrowFactory__InvalidAmount(uint256 amount, uint256 bonusEach);
    error EscrowFactory__EscrowExists(bytes32 requestId, address escrow);
    error EscrowFactory__InvalidOperator();

    event EscrowCreated(
        bytes32 indexed requestId,
        address indexed escrow,
        address indexed requester,
        uint256 amount,
        uint256 bonusEach
    );
    event OperatorUpdated(address indexed operator, bool allowed);

    IERC20 private immutable _token;
    address private immutable _implementation;
    mapping(address account => bool) private _operators;
    mapping(bytes32 requestId => address) private _escrows;

    constructor(IERC20 token_, address initialOwner) Ownable(initialOwner) {
        if (address(token_) == address(0)) revert EscrowFactory__InvalidToken();
        _token = token_;
        _implementation = address(new RequestEscrow());
    }

    /// @notice Creates the escrow for `requestId`, owned by the caller, and moves `amount` IPT from the
    /// caller into it (the caller approves this factory for `amount` first). Reverts if the request
    /// already has an escrow.
    function createEscrow(bytes32 requestId, uint256 amount, uint256 bonusEach) external returns (address escrow) {
        if (bonusEach == 0 || amount < bonusEach) revert EscrowFactory__InvalidAmount(amount, bonusEach);
        address existing = _escrows[requestId];
        if (existing != address(0)) revert EscrowFactory__EscrowExists(requestId, existing);

        escrow = Clones.cloneDeterministic(_implementation, requestId);
        _escrows[requestId] = escrow;
        RequestEscrow(escrow).initialize(_token, requestId, msg.sender, bonusEach);
        _token.safeTransferFrom(msg.sender, escrow, amount);
        emit EscrowCreated(requestId, escrow, msg.sender, amount, bonusEach);
    }

    /// @notice Grants or revokes the operator role.
    function setOperator(address operator, bool allowed) external onlyOwner {
        if (operator == address(0)) revert EscrowFactory__InvalidOperator();
        _operators[operator] = allowed;
        emit OperatorUpdated(operator, allowed);
    }

    function isOperator(address account) external view returns (bool) {
        return _operators[account];
    }

    /// @notice The escrow created for `requestId`, or the zero address.
    function escrowOf(bytes32 requestId) external view returns (address) {
        return _escrows[requestId];
    }

    /// @notice Where the escrow for `requestId` is (or will be) deployed.
    function predictEscrowAddress(bytes32 requestId) external view returns (address) {
        return Clones.predictDeterministicAddress(_implementation, requestId);
    }

    /// @notice Off-chain ids (e.g. UUID strings) map to `keccak256(bytes(id))`, same as ethers `id()`.
    function requestIdOf(string calldata id) external pure returns (bytes32) {
        return keccak256(bytes(id));
    }

    function token() external view returns (address) {
        return address(_token);
    }

    function implementation() external view returns (address) {
        return _implementation;
    }
}
