// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IEscrowFactory} from "./interfaces/IEscrowFactory.sol";

/// @title RequestEscrow
/// @notice Holds the IPT a requester set aside for one request. Funded once, by the factory, when it is
/// created; pays each participant `bonusEach` at most once; on close refunds whatever is left to the
/// requester. Deployed as minimal-proxy clones of one implementation, hence `initialize` instead of a
/// constructor.
contract RequestEscrow {
    using SafeERC20 for IERC20;

    error Escrow__AlreadyInitialized();
    error Escrow__NotOperator(address caller);
    error Escrow__Unauthorized(address caller);
    error Escrow__InvalidParticipant();
    error Escrow__AlreadyPaid(address participant);
    error Escrow__InsufficientBalance(uint256 balance, uint256 needed);
    error Escrow__AlreadyClosed();

    event ParticipantPaid(address indexed participant, address indexed operator, uint256 amount);
    event EscrowClosed(address indexed requester, address indexed closedBy, uint256 refunded);

    bool private _initialized;
    bool private _closed;
    IEscrowFactory private _factory;
    IERC20 private _token;
    address private _requester;
    bytes32 private _requestId;
    uint256 private _bonusEach;
    mapping(address participant => bool) private _paid;

    constructor() {
        // The implementation behind the clones is never used directly: lock it.
        _initialized = true;
    }

    /// @notice Called once by the factory, in the transaction that creates this clone.
    /// The caller becomes the factory whose operators may pay and close.
    function initialize(IERC20 token_, bytes32 requestId_, address requester_, uint256 bonusEach_) external {
        if (_initialized) revert Escrow__AlreadyInitialized();
        _initialized = true;
        _factory = IEscrowFactory(msg.sender);
        _token = token_;
        _requestId = requestId_;
        _requester = requester_;
        _bonusEach = bonusEach_;
    }

    /// @notice Pays `bonusEach` to `participant`, once per participant, while the escrow is open and
    /// still holds at least `bonusEach`.
    function pay(address participant) external {
        if (!_factory.isOperator(msg.sender)) revert Escrow__NotOperator(msg.sender);
        if (_closed) revert Escrow__AlreadyClosed();
        if (participant == address(0)) revert Escrow__InvalidParticipant();
        if (_paid[participant]) revert Escrow__AlreadyPaid(participant);
        uint256 balance = _token.balanceOf(address(this));
        uint256 amount = _bonusEach;
        if (balance < amount) revert Escrow__InsufficientBalance(balance, amount);

        _paid[participant] = true;
        _token.safeTransfer(participant, amount);
        emit ParticipantPaid(participant, msg.sender, amount);
    }

    /// @notice Refunds the remaining balance to the requester and closes the escrow for good.
    /// Callable by the requester or an operator.
    function close() external {
        if (msg.sender != _requester && !_factory.isOperator(msg.sender)) revert Escrow__Unauthorized(msg.sender);
        if (_closed) revert Escrow__AlreadyClosed();

        _closed = true;
        uint256 refund = _token.balanceOf(address(this));
        if (refund > 0) _token.safeTransfer(_requester, refund);
        emit EscrowClosed(_requester, msg.sender, refund);
    }

    function factory() external view returns (address) {
        return address(_factory);
    }

    function token() external view returns (address) {
        return address(_token);
    }

    function requester() external view returns (address) {
        return _requester;
    }

    function requestId() external view returns (bytes32) {
        return _requestId;
    }

    function bonusEach() external view returns (uint256) {
        return _bonusEach;
    }

    function closed() external view returns (bool) {
        return _closed;
    }

    function isPaid(address participant) external view returns (bool) {
        return _paid[participant];
    }

    /// @notice IPT still held for participants (0 once closed).
    function remaining() external view returns (uint256) {
        return _token.balanceOf(address(this));
    }
}
