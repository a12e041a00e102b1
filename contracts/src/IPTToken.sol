// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Parley IPT
/// @notice The token Parley pays participants in. Whole units only: `decimals()` is 0, so 1 IPT is
/// the smallest amount and balances read the same on-chain and in the app.
contract IPTToken is ERC20, Ownable {
    constructor(address initialOwner) ERC20("Parley IPT", "IPT") Ownable(initialOwner) {}

    /// @notice Creates `amount` IPT for `to` (dev funding and the treasury).
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function decimals() public pure override returns (uint8) {
        return 0;
    }
}
