// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice What an escrow needs from the factory that created it.
interface IEscrowFactory {
    /// @notice Whether `account` may pay participants and close escrows on Parley's behalf.
    function isOperator(address account) external view returns (bool);
}
